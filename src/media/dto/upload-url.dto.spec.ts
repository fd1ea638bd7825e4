import { messageOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { GenerateUploadUrlDto } from './generate-upload-url.dto';
import { GetUploadUrlDto } from './get-upload-url.dto';
import { CreateUploadUrlInput } from './media.inputs';

const LONG_NAME = `${'a'.repeat(252)}.png`;

describe('GetUploadUrlDto (get-upload-url, MCP get_upload_url)', () => {
  const ok = { fileName: 'a.png', contentType: 'image/png', postGroupId: 'a'.repeat(24) };
  const check = (body: unknown) => ({ ...validateInput(GetUploadUrlDto, body) });

  it.each([[{}], [{ ...ok, fileName: '' }], [{ ...ok, contentType: null }], [{ ...ok, postGroupId: undefined }], [{ ...ok, fileName: 5 }]])(
    'one presence message for every missing field: %j',
    (body) => expect(messageOf(() => check(body))).toBe('fileName, contentType, and postGroupId are required'),
  );

  it('the name length after the presence of every field it comes before', () => {
    expect(messageOf(() => check({ ...ok, fileName: LONG_NAME }))).toBe('fileName must be at most 255 characters');
    expect(messageOf(() => check({ ...ok, fileName: LONG_NAME, contentType: '' }))).toBe('fileName must be at most 255 characters');
  });

  it('takes any content type and any type, the type as text (the PUT explains an unusable one)', () => {
    expect(check({ ...ok, contentType: 'text/plain', type: 7 })).toEqual({ ...ok, contentType: 'text/plain', type: '7' });
    expect(check({ ...ok, type: null })).toEqual(ok);
    expect(check({ ...ok, type: 'video', extra: 1 })).toEqual({ ...ok, type: 'video' });
  });
});

describe('GenerateUploadUrlDto (deprecated generate-upload-url)', () => {
  const ok = { fileName: 'clip.mp4', contentType: 'video/mp4' };
  const check = (body: unknown) => ({ ...validateInput(GenerateUploadUrlDto, body) });

  it("the spec's two checks in its order, then ours on metadata", () => {
    expect(messageOf(() => check({ contentType: 'text/plain' }))).toBe('fileName and contentType are required');
    expect(messageOf(() => check({ fileName: 'a', contentType: 'text/plain', metadata: 'x' }))).toBe('Only video and image files are allowed');
    expect(messageOf(() => check({ ...ok, metadata: [1] }))).toBe('metadata must be an object');
    expect(messageOf(() => check({ ...ok, fileName: LONG_NAME }))).toBe('fileName must be at most 255 characters');
  });

  it('an unknown type counts as absent (the content type decides)', () => {
    expect(check({ ...ok, type: 'gif' })).toEqual(ok);
    expect(check({ ...ok, type: 'image', metadata: { a: 1 } })).toEqual({ ...ok, type: 'image', metadata: { a: 1 } });
  });
});

describe('CreateUploadUrlInput (dashboard createUploadUrl)', () => {
  const check = (input: unknown) => ({ ...validateInput(CreateUploadUrlInput, input) });

  it('blank names and types, long names, then only images, videos and PDF documents', () => {
    expect(messageOf(() => check({ fileName: ' ', contentType: 'image/png' }))).toBe('fileName and contentType are required');
    expect(messageOf(() => check({ fileName: 'a.png', contentType: '  ' }))).toBe('fileName and contentType are required');
    expect(messageOf(() => check({ fileName: LONG_NAME, contentType: 'image/png' }))).toBe('fileName must be at most 255 characters');
    expect(messageOf(() => check({ fileName: 'a.txt', contentType: 'text/plain' }))).toBe('Only video, image and PDF document files are allowed');
  });

  it('the post group is optional', () => {
    expect(check({ fileName: 'a.png', contentType: 'image/png', type: 'image' })).toEqual({ fileName: 'a.png', contentType: 'image/png', type: 'image' });
  });
});
