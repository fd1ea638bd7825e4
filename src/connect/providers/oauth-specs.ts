import { basicAuth } from '../../platforms/adapter-kit/oauth-refresh';
import { refreshLongLivedToken } from '../../platforms/meta-graph';
import type { ConnectSettings } from '../connect-settings';
import type { CompletedAuthorization, ConnectCandidate } from './connect-provider';
import { ConnectError } from './connect-provider';
import { fetchIdentity, postQuietly, type TokenAnswer } from './oauth-http';
import type { OAuth2Spec } from './oauth2.provider';

/** The fields of `GET /me/accounts` we read (Graph API; any may be missing). */
interface FacebookPageEntry {
  id?: unknown;
  name?: unknown;
  username?: unknown;
  access_token?: unknown;
  picture?: { data?: { url?: unknown } };
  /** Asked for by the Instagram-through-Facebook flow: the business account linked to the Page. */
  instagram_business_account?: { id?: unknown; username?: unknown; name?: unknown; profile_picture_url?: unknown };
}

/** The fields of `GET /youtube/v3/channels?part=snippet` we read. */
interface YouTubeChannelEntry {
  id?: unknown;
  snippet?: { customUrl?: unknown; title?: unknown; thumbnails?: { default?: { url?: unknown } } };
}

/**
 * The OAuth platforms as data (endpoints, scopes, client authentication, PKCE) plus how each
 * turns a token into accounts. Sources: ../shared/reference/oauth-connect.md, per platform.
 */

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

function single(account: ConnectCandidate): CompletedAuthorization {
  return { accounts: [account], needsSelection: false };
}

function tokenFields(token: TokenAnswer): Pick<ConnectCandidate, 'accessToken' | 'refreshToken' | 'accessTokenExpiresAt'> {
  return { accessToken: token.accessToken, refreshToken: token.refreshToken, accessTokenExpiresAt: token.expiresAt };
}

/** Meta's long-lived tokens (Instagram Login, Threads): the short-lived code token is swapped at once. */
async function longLived(label: string, apiUrl: string, grantType: string, clientSecret: string, token: TokenAnswer, timeoutMs: number): Promise<TokenAnswer> {
  const host = apiUrl.replace(/\/v\d+(\.\d+)?$/, '');
  const query = new URLSearchParams({ grant_type: grantType, client_secret: clientSecret, access_token: token.accessToken });
  const body = await fetchIdentity<Record<string, unknown>>(label, `${host}/access_token?${query}`, null, timeoutMs);
  const accessToken = str(body.access_token);
  if (!accessToken) throw new ConnectError('token_exchange_failed', `${label} did not issue a long-lived token`);
  const expiresIn = Number(body.expires_in);
  return {
    ...token,
    accessToken,
    // The long-lived token is its own refresh credential (refresh_access_token).
    refreshToken: accessToken,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}

export const TWITTER: OAuth2Spec = {
  platform: 'twitter',
  label: 'X',
  scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'basic',
  async accounts(token, s) {
    const me = await fetchIdentity<{ data?: Record<string, unknown> }>(
      'X',
      `${s.endpoints.twitterApiUrl}/2/users/me?user.fields=profile_image_url,name,username`,
      token.accessToken,
      s.timeoutMs,
    );
    const id = str(me.data?.id);
    const username = str(me.data?.username);
    if (!id || !username) throw new ConnectError('token_exchange_failed', 'X did not return the account');
    return single({
      externalId: id,
      username,
      displayName: str(me.data?.name),
      profileImageUrl: str(me.data?.profile_image_url),
      profileUrl: `https://x.com/${username}`,
      kind: 'profile',
      ...tokenFields(token),
    });
  },
  async revoke(grant, s, client) {
    await postQuietly(
      `${s.endpoints.twitterApiUrl}/2/oauth2/revoke`,
      {
        token: grant.refreshToken ?? grant.accessToken,
        token_type_hint: grant.refreshToken ? 'refresh_token' : 'access_token',
        client_id: client.clientId ?? '',
      },
      { authorization: basicAuth(client.clientId ?? '', client.clientSecret ?? '') },
      s.timeoutMs,
    );
  },
};

const linkedinHeaders = (s: ConnectSettings) => ({ 'LinkedIn-Version': s.endpoints.linkedinVersion, 'X-Restli-Protocol-Version': '2.0.0' });

export const LINKEDIN: OAuth2Spec = {
  platform: 'linkedin',
  label: 'LinkedIn',
  scopes: ['openid', 'profile', 'w_member_social', 'r_organization_social', 'w_organization_social', 'rw_organization_admin'],
  scopeSeparator: ' ',
  pkce: false,
  clientAuth: 'body',
  async accounts(token, s) {
    const me = await fetchIdentity<Record<string, unknown>>('LinkedIn', `${s.endpoints.linkedinApiUrl}/v2/userinfo`, token.accessToken, s.timeoutMs);
    const sub = str(me.sub);
    if (!sub) throw new ConnectError('token_exchange_failed', 'LinkedIn did not return the member');
    const member: ConnectCandidate = {
      externalId: sub,
      username: str(me.name) ?? sub,
      displayName: str(me.name),
      profileImageUrl: str(me.picture),
      profileUrl: null,
      kind: 'profile',
      type: 'person',
      ...tokenFields(token),
    };
    const organizations = await linkedinOrganizations(token, s);
    // The member and the pages they administer share the token: the person chooses which to connect.
    return organizations.length ? { accounts: [member, ...organizations], needsSelection: true } : single(member);
  },
};

async function linkedinOrganizations(token: TokenAnswer, s: ConnectSettings): Promise<ConnectCandidate[]> {
  let acls: { elements?: Array<{ organization?: string }> };
  try {
    acls = await fetchIdentity(
      'LinkedIn',
      `${s.endpoints.linkedinApiUrl}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`,
      token.accessToken,
      s.timeoutMs,
      linkedinHeaders(s),
    );
  } catch {
    // Without the organisation scopes (a member-only app) there are simply no pages to offer.
    return [];
  }
  const ids = (acls.elements ?? []).map((e) => /^urn:li:organization:(\d+)$/.exec(e.organization ?? '')?.[1]).filter((v): v is string => !!v);
  const out: ConnectCandidate[] = [];
  for (const id of [...new Set(ids)]) {
    const org = await fetchIdentity<Record<string, unknown>>(
      'LinkedIn',
      `${s.endpoints.linkedinApiUrl}/rest/organizations/${id}`,
      token.accessToken,
      s.timeoutMs,
      linkedinHeaders(s),
    ).catch(() => null);
    const vanity = str(org?.vanityName);
    out.push({
      externalId: id,
      username: vanity ?? str(org?.localizedName) ?? id,
      displayName: str(org?.localizedName),
      profileImageUrl: null,
      profileUrl: vanity ? `https://www.linkedin.com/company/${vanity}` : null,
      kind: 'organization',
      type: 'organization',
      ...tokenFields(token),
    });
  }
  return out;
}

export const FACEBOOK: OAuth2Spec = {
  platform: 'facebook',
  label: 'Facebook',
  scopes: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'business_management'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'body',
  tokenHttpMethod: 'GET',
  async accounts(token, s) {
    const query = new URLSearchParams({ fields: 'id,name,username,access_token,picture{url}', access_token: token.accessToken });
    const pages = await fetchIdentity<{ data?: FacebookPageEntry[] }>('Facebook', `${s.endpoints.facebookApiUrl}/me/accounts?${query}`, null, s.timeoutMs);
    const accounts: ConnectCandidate[] = (pages.data ?? [])
      .filter((p) => str(p.id) && str(p.access_token))
      .map((p) => ({
        externalId: str(p.id)!,
        username: str(p.username) ?? str(p.name) ?? str(p.id)!,
        displayName: str(p.name),
        profileImageUrl: str(p.picture?.data?.url),
        profileUrl: `https://www.facebook.com/${str(p.id)}`,
        kind: 'page' as const,
        type: 'page',
        // Page tokens obtained through a user grant do not expire on their own.
        accessToken: str(p.access_token)!,
        refreshToken: null,
        accessTokenExpiresAt: null,
      }));
    if (!accounts.length) throw new ConnectError('account_unavailable', 'Facebook returned no Page you manage: grant access to at least one Page');
    return { accounts, needsSelection: true };
  },
  refresh: () => Promise.reject(new Error('Facebook Page tokens do not expire; reconnect to renew them')),
};

export const INSTAGRAM: OAuth2Spec = {
  platform: 'instagram',
  label: 'Instagram',
  scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'body',
  async accounts(short, s, client) {
    const token = await longLived('Instagram', s.endpoints.instagramApiUrl, 'ig_exchange_token', client.clientSecret ?? '', short, s.timeoutMs);
    const query = new URLSearchParams({ fields: 'user_id,username,name,profile_picture_url', access_token: token.accessToken });
    const me = await fetchIdentity<Record<string, unknown>>('Instagram', `${s.endpoints.instagramApiUrl}/me?${query}`, null, s.timeoutMs);
    const id = str(me.user_id) ?? str(me.id) ?? str(short.raw.user_id);
    const username = str(me.username);
    if (!id || !username) throw new ConnectError('token_exchange_failed', 'Instagram did not return the account');
    return single({
      externalId: id,
      username,
      displayName: str(me.name),
      profileImageUrl: str(me.profile_picture_url),
      profileUrl: `https://www.instagram.com/${username}`,
      kind: 'business_account',
      ...tokenFields(token),
    });
  },
  refresh: (grant, s) => refreshLongLivedToken('Instagram', s.endpoints.instagramApiUrl, 'ig_refresh_token', grant.accessToken, s.timeoutMs),
};

/**
 * Instagram business or creator accounts linked to a Facebook Page, through Facebook Login (the
 * Facebook app's credentials and endpoints): every Page the person granted that has an Instagram
 * account is offered as a `business_account`; the connection publishes with that Page's token on
 * the Facebook Graph host (connection type `facebook_login`; Page tokens do not expire).
 */
export const INSTAGRAM_VIA_FACEBOOK: OAuth2Spec = {
  platform: 'instagram',
  via: 'facebook',
  label: 'Instagram (Facebook Login)',
  scopes: ['instagram_basic', 'instagram_content_publish', 'pages_show_list', 'pages_read_engagement', 'business_management'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'body',
  tokenHttpMethod: 'GET',
  async accounts(token, s) {
    const fields = 'id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}';
    const query = new URLSearchParams({ fields, access_token: token.accessToken });
    const pages = await fetchIdentity<{ data?: FacebookPageEntry[] }>('Facebook', `${s.endpoints.facebookApiUrl}/me/accounts?${query}`, null, s.timeoutMs);
    const accounts: ConnectCandidate[] = [];
    for (const page of pages.data ?? []) {
      const ig = page.instagram_business_account;
      const id = str(ig?.id);
      const pageToken = str(page.access_token);
      if (!id || !pageToken) continue;
      const username = str(ig?.username) ?? id;
      accounts.push({
        externalId: id,
        username,
        displayName: str(ig?.name) ?? str(page.name),
        profileImageUrl: str(ig?.profile_picture_url),
        profileUrl: `https://www.instagram.com/${username}`,
        kind: 'business_account',
        type: 'facebook_login',
        accessToken: pageToken,
        refreshToken: null,
        accessTokenExpiresAt: null,
      });
    }
    if (!accounts.length) {
      throw new ConnectError(
        'account_unavailable',
        'No Instagram business account found: link a professional Instagram account to a Facebook Page and grant access to that Page',
      );
    }
    return { accounts, needsSelection: true };
  },
  refresh: () => Promise.reject(new Error('Page tokens do not expire; reconnect to renew them')),
};

export const THREADS: OAuth2Spec = {
  platform: 'threads',
  label: 'Threads',
  scopes: ['threads_basic', 'threads_content_publish'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'body',
  async accounts(short, s, client) {
    const token = await longLived('Threads', s.endpoints.threadsApiUrl, 'th_exchange_token', client.clientSecret ?? '', short, s.timeoutMs);
    const query = new URLSearchParams({ fields: 'id,username,name,threads_profile_picture_url', access_token: token.accessToken });
    const me = await fetchIdentity<Record<string, unknown>>('Threads', `${s.endpoints.threadsApiUrl}/me?${query}`, null, s.timeoutMs);
    const id = str(me.id) ?? str(short.raw.user_id);
    const username = str(me.username);
    if (!id || !username) throw new ConnectError('token_exchange_failed', 'Threads did not return the account');
    return single({
      externalId: id,
      username,
      displayName: str(me.name),
      profileImageUrl: str(me.threads_profile_picture_url),
      profileUrl: `https://www.threads.net/@${username}`,
      kind: 'profile',
      ...tokenFields(token),
    });
  },
  refresh: (grant, s) => refreshLongLivedToken('Threads', s.endpoints.threadsApiUrl, 'th_refresh_token', grant.accessToken, s.timeoutMs),
};

export const TIKTOK: OAuth2Spec = {
  platform: 'tiktok',
  label: 'TikTok',
  scopes: ['user.info.basic', 'user.info.profile', 'video.upload', 'video.publish'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'body',
  clientIdParam: 'client_key',
  async accounts(token, s) {
    const info = await fetchIdentity<{ data?: { user?: Record<string, unknown> } }>(
      'TikTok',
      `${s.endpoints.tiktokApiUrl}/v2/user/info/?fields=open_id,avatar_url,display_name,username`,
      token.accessToken,
      s.timeoutMs,
    );
    const user = info.data?.user ?? {};
    const id = str(user.open_id) ?? str(token.raw.open_id);
    if (!id) throw new ConnectError('token_exchange_failed', 'TikTok did not return the account');
    const username = str(user.username) ?? str(user.display_name) ?? id;
    return single({
      externalId: id,
      username,
      displayName: str(user.display_name),
      profileImageUrl: str(user.avatar_url),
      profileUrl: str(user.username) ? `https://www.tiktok.com/@${str(user.username)}` : null,
      kind: 'profile',
      ...tokenFields(token),
    });
  },
  async revoke(grant, s, client) {
    await postQuietly(
      `${s.endpoints.tiktokApiUrl}/v2/oauth/revoke/`,
      { client_key: client.clientId ?? '', client_secret: client.clientSecret ?? '', token: grant.accessToken },
      {},
      s.timeoutMs,
    );
  },
};

export const YOUTUBE: OAuth2Spec = {
  platform: 'youtube',
  label: 'YouTube',
  scopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'body',
  // offline + consent: Google sends a refresh token every time; select_account lets a person pick a Brand Account.
  extraAuthorizeParams: { access_type: 'offline', prompt: 'consent select_account', include_granted_scopes: 'true' },
  async accounts(token, s) {
    const list = await fetchIdentity<{ items?: YouTubeChannelEntry[] }>(
      'YouTube',
      `${s.endpoints.youtubeApiUrl}/youtube/v3/channels?part=snippet&mine=true`,
      token.accessToken,
      s.timeoutMs,
    );
    const accounts: ConnectCandidate[] = (list.items ?? [])
      .filter((c) => str(c.id))
      .map((c) => {
        const handle = str(c.snippet?.customUrl);
        return {
          externalId: str(c.id)!,
          username: handle ?? str(c.snippet?.title) ?? str(c.id)!,
          displayName: str(c.snippet?.title),
          profileImageUrl: str(c.snippet?.thumbnails?.default?.url),
          profileUrl: `https://www.youtube.com/channel/${str(c.id)}`,
          kind: 'channel' as const,
          ...tokenFields(token),
        };
      });
    if (!accounts.length) throw new ConnectError('account_unavailable', 'This Google account has no YouTube channel');
    return { accounts, needsSelection: accounts.length > 1 };
  },
  async revoke(grant, s) {
    await postQuietly(`${s.endpoints.googleOAuthUrl}/revoke`, { token: grant.refreshToken ?? grant.accessToken }, {}, s.timeoutMs);
  },
};

export const PINTEREST: OAuth2Spec = {
  platform: 'pinterest',
  label: 'Pinterest',
  scopes: ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'basic',
  async accounts(token, s) {
    const me = await fetchIdentity<Record<string, unknown>>('Pinterest', `${s.endpoints.pinterestApiUrl}/v5/user_account`, token.accessToken, s.timeoutMs);
    const username = str(me.username);
    const id = str(me.id) ?? username;
    if (!id || !username) throw new ConnectError('token_exchange_failed', 'Pinterest did not return the account');
    return single({
      externalId: id,
      username,
      displayName: str(me.business_name) ?? username,
      profileImageUrl: str(me.profile_image),
      profileUrl: `https://www.pinterest.com/${username}/`,
      kind: 'profile',
      ...tokenFields(token),
    });
  },
};

export const OAUTH2_SPECS: readonly OAuth2Spec[] = [TWITTER, LINKEDIN, FACEBOOK, INSTAGRAM, INSTAGRAM_VIA_FACEBOOK, THREADS, TIKTOK, YOUTUBE, PINTEREST];
