import { createTestApp, type TestApp } from '@test/support';
import { dataOf, errorOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { accountWithDraft, makePng, pathOf, type Account } from './media-helpers';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe('Document (PDF) uploads: get-upload-url, createUploadUrl and get_upload_url take type document', () => {
  let t: TestApp;
  let account: Account;
  let postGroupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ account, postGroupId } = await accountWithDraft(t));
  });
  afterAll(() => t.close());

  const uploadUrl = (body: Record<string, unknown>) => t.http.post('/api/v1/get-upload-url').set(account.apiHeaders).send(body);
  const put = (url: string, body: Buffer, contentType: string) => t.http.put(pathOf(url)).set('content-type', contentType).send(body);
  const record = (mediaId: string) => t.connection.collection('media').findOne({ mediaId });

  it('stores a PDF as a document: size as its metadata (no image probe), a document/ key, served as a download', async () => {
    const issued = await uploadUrl({ fileName: 'Q3 deck.pdf', contentType: 'application/pdf', postGroupId, type: 'document' });
    expect(issued.status).toBe(200);
    expect(issued.body.fileUrl).toMatch(/\/media\/files\/document\/[^/]+\/[0-9a-f]{16}-Q3_deck\.pdf$/);
    const res = await put(issued.body.uploadUrl, PDF, 'application/pdf');
    expect(res.status).toBe(200);
    const r = await record(issued.body.mediaId);
    expect(r).toMatchObject({ type: 'document', state: 'uploaded', mimeType: 'application/pdf' });
    expect(r!.metadata).toEqual({ format: 'pdf', size: PDF.length });
    expect(r!.error).toBeUndefined();

    const served = await t.http.get(pathOf(issued.body.fileUrl)).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it('refuses bytes that are not a PDF, a document URL for another content type, and a PDF under type image; nothing is kept', async () => {
    const notPdf = await uploadUrl({ fileName: 'fake.pdf', contentType: 'application/pdf', postGroupId, type: 'document' });
    const wrongBytes = await put(notPdf.body.uploadUrl, await makePng(), 'application/pdf');
    expect(wrongBytes.status).toBe(415);
    expect(wrongBytes.body.error).toBe(
      "The file is not a PDF document: its first bytes are those of another kind of file. Upload a PDF document, or ask for an upload URL of the file's real type",
    );
    expect((await record(notPdf.body.mediaId))!.state).toBe('pending');

    const pngAsDocument = await uploadUrl({ fileName: 'a.png', contentType: 'image/png', postGroupId, type: 'document' });
    const refused = await put(pngAsDocument.body.uploadUrl, await makePng(), 'image/png');
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe("Documents are PDF files: request a document's upload URL with contentType application/pdf (got image/png)");
    expect((await record(pngAsDocument.body.mediaId))!.state).toBe('pending');

    const pdfAsImage = await uploadUrl({ fileName: 'a.pdf', contentType: 'application/pdf', postGroupId, type: 'image' });
    const asImage = await put(pdfAsImage.body.uploadUrl, PDF, 'application/pdf');
    expect(asImage.status).toBe(415);
    expect(asImage.body.error).toBe('A PDF is uploaded as a document: request the upload URL with type document');
    expect((await record(pdfAsImage.body.mediaId))!.state).toBe('pending');
  });

  it('names document among the upload types when the type is missing or unknown', async () => {
    const missing = await uploadUrl({ fileName: 'a.pdf', contentType: 'application/pdf', postGroupId });
    const res = await put(missing.body.uploadUrl, PDF, 'application/pdf');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Upload type is missing: request the upload URL with type image, video or document');
  });

  it('GraphQL createUploadUrl takes a document (application/pdf) and MediaModel.type reads document', async () => {
    const gql = gqlClient(t);
    const UPLOAD = 'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { mediaId uploadUrl fileUrl } }';
    const issued = dataOf(
      await gql(UPLOAD, { input: { fileName: 'deck.pdf', contentType: 'application/pdf', type: 'document', postGroupId } }, account.cookie),
    ).createUploadUrl;
    expect((await put(issued.uploadUrl, PDF, 'application/pdf')).status).toBe(200);
    const post = dataOf(await gql('query($id: ID!) { post(id: $id) { media { id type mimeType state size } } }', { id: postGroupId }, account.cookie)).post;
    expect(post.media).toContainEqual({ id: issued.mediaId, type: 'document', mimeType: 'application/pdf', state: 'uploaded', size: PDF.length });

    const refused = errorOf(await gql(UPLOAD, { input: { fileName: 'a.txt', contentType: 'text/plain', type: 'document' } }, account.cookie));
    expect(refused.message).toBe('Only video, image and PDF document files are allowed');
  });

  it('MCP get_upload_url takes type document', async () => {
    const client = await mcpClient(t, bearer(account.apiKey));
    try {
      const { json } = await call(client, 'get_upload_url', { postGroupId, fileName: 'slides.pdf', contentType: 'application/pdf', type: 'document' });
      expect(json).toMatchObject({ success: true, fileUrl: expect.stringMatching(/\/document\/.*slides\.pdf$/) });
      expect((await put(json.uploadUrl as string, PDF, 'application/pdf')).status).toBe(200);
      expect(await record(json.mediaId as string)).toMatchObject({ type: 'document', state: 'uploaded' });
    } finally {
      await client.close();
    }
  });

  it('the OpenAPI document lists document among get-upload-url types', async () => {
    const doc = await t.http.get('/api/docs-json');
    const types = doc.status === 200 ? doc.body.components.schemas.GetUploadUrlDto.properties.type.enum : null;
    if (types) expect(types).toEqual(['image', 'video', 'document']);
  });
});
