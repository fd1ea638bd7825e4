import { Types } from 'mongoose';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import type { PostGroupRecord } from '../posts/schemas/post-group.schema';
import { EXPORT_CSV_COLUMNS, protectCell, toCsvRow, toExportedPost } from './export-rows';
import { CSV_COLUMNS } from './csv-rows';

const at = new Date('2030-01-02T03:04:05.000Z');
const group = {
  _id: new Types.ObjectId('665f1c2b9d3e4a0012345678'),
  content: '=1+1 then text',
  status: 'partially_published',
  scheduledTime: at,
  firstComment: '@you see the link',
  mediaUrls: ['https://media.example/a.jpg'],
  createdAt: at,
  updatedAt: at,
} as unknown as PostGroupRecord;
const post = (over: Partial<PlatformPostRecord>) =>
  ({ _id: new Types.ObjectId(), platform: 'twitter', platformId: 'twitter-1', status: 'published', content: 'x', ...over }) as PlatformPostRecord;

describe('export rows', () => {
  const published = post({ postedId: '99', publishedUrl: 'https://x.com/i/99', publishedAt: at, contentOverridden: true, content: 'short' });
  const failed = post({
    platform: 'linkedin',
    platformId: 'linkedin-2',
    status: 'failed',
    error: { code: 'PLATFORM_AUTH_EXPIRED', message: 'expired', retryable: false, failedAt: at, platformError: null },
  } as Partial<PlatformPostRecord>);
  const exported = toExportedPost(group, [published, failed], new Map([[String(published._id), { takenAt: at.toISOString(), values: { likes: 3 } }]]));

  it('the import’s fields under their names, then each account’s outcome and latest metrics', () => {
    expect(exported).toMatchObject({
      postGroupId: '665f1c2b9d3e4a0012345678',
      accounts: ['twitter-1', 'linkedin-2'],
      scheduledTime: '2030-01-02T03:04:05.000Z',
      contentOverrides: { 'twitter-1': 'short' },
      firstComment: '@you see the link',
      platformPosts: [
        { platformId: 'twitter-1', status: 'published', postedId: '99', publishedUrl: 'https://x.com/i/99', metrics: { values: { likes: 3 } } },
        { platformId: 'linkedin-2', status: 'failed', error: { code: 'PLATFORM_AUTH_EXPIRED', message: 'expired', category: 'auth_expired' }, metrics: null },
      ],
    });
  });

  it('every column the import reads leads the CSV, under the same name', () => {
    expect(EXPORT_CSV_COLUMNS.slice(0, 7)).toEqual(CSV_COLUMNS.filter((c) => c !== 'mediaIds'));
  });

  it('CSV cells: lists with |, objects as JSON, formula-like text protected', () => {
    const row = Object.fromEntries(EXPORT_CSV_COLUMNS.map((c, i) => [c, toCsvRow(exported)[i]]));
    expect(row).toMatchObject({
      content: "'=1+1 then text",
      accounts: 'twitter-1|linkedin-2',
      contentOverrides: '{"twitter-1":"short"}',
      firstComment: "'@you see the link",
      mediaUrls: 'https://media.example/a.jpg',
    });
    expect(JSON.parse(row.platformPosts)).toHaveLength(2);
    expect(['plain', '1st', "it's"].map(protectCell)).toEqual(['plain', '1st', "it's"]);
  });
});
