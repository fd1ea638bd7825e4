import type { ConnectField } from '../connect/providers/connect-provider';
import { renderConnectPage, renderContinuePage, type ConnectPagePlatform } from './connect-page.view';

/** The hosted page renders each platform from what its provider says, never from its name. */
describe('renderConnectPage', () => {
  const base = { name: 'Client', expiresAt: new Date('2030-01-01T00:00:00Z'), connections: [] };
  const platform = (p: Partial<ConnectPagePlatform>): ConnectPagePlatform => ({
    platform: 'someplatform',
    label: 'Some',
    method: 'oauth',
    configured: true,
    signIns: [],
    fields: [],
    ...p,
  });
  const render = (p: Partial<ConnectPagePlatform>) => renderConnectPage({ ...base, platforms: [platform(p)] });
  const server: ConnectField = { name: 'instanceUrl', label: 'Your server', type: 'url', required: true, placeholder: 'https://a.example' };

  it('a plain sign-in is a start link, one more per other sign-in', () => {
    const html = render({ signIns: [{ via: 'other', label: 'Other App' }] });
    expect(html).toContain('<a class="button" href="/connect/link/start/someplatform">Connect Some</a>');
    expect(html).toContain('<a class="button" href="/connect/link/start/someplatform?via=other">Connect Some through Other App</a>');
  });

  it('a sign-in that asks for a server first is a form that starts it', () => {
    const html = render({ fields: [server] });
    expect(html).toContain(
      '<form method="get" action="/connect/link/start/someplatform"><label for="someplatform-instanceUrl">Your server</label><input id="someplatform-instanceUrl" name="instanceUrl" type="url" placeholder="https://a.example" required><button type="submit">Continue with Some</button></form>',
    );
    expect(html).not.toContain('href="/connect/link/start/someplatform"');
  });

  it('credentials are a form posted to the page, one input per field the provider takes', () => {
    const html = render({
      method: 'credentials',
      fields: [
        { name: 'secret', label: 'Key', type: 'password', required: true, autocomplete: 'off' },
        { name: 'serviceUrl', label: 'Server (optional)', type: 'url', required: false },
      ],
    });
    expect(html).toContain(
      '<form method="post" action="/connect/link/credentials/someplatform"><label for="someplatform-secret">Key</label><input id="someplatform-secret" name="secret" type="password" autocomplete="off" required><label for="someplatform-serviceUrl">Server (optional)</label><input id="someplatform-serviceUrl" name="serviceUrl" type="url"><button type="submit">Connect Some</button></form>',
    );
  });

  it('an unconfigured platform says so and offers no way to start it', () => {
    for (const p of [{}, { fields: [server] }, { method: 'credentials' as const, fields: [server] }]) {
      const html = render({ ...p, configured: false });
      expect(html).toContain('<section aria-label="Some"><h2>Some</h2><p>Not available on this service yet.</p></section>');
      expect(html).not.toMatch(/\/connect\/link\/(start|credentials)\//);
    }
  });

  it('escapes what it shows', () => {
    const html = render({ label: '<Some>', fields: [{ ...server, label: '"x"', placeholder: '<p>' }] });
    expect(html).toContain('&lt;Some&gt;');
    expect(html).toContain('&quot;x&quot;');
    expect(html).not.toContain('<p>"');
    expect(renderContinuePage('a.example', 'https://a.example/oauth?x=1&y="2"')).toContain('href="https://a.example/oauth?x=1&amp;y=&quot;2&quot;"');
  });
});
