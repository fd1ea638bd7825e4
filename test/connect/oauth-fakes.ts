import type { FakeOAuth } from '@test/support';
import {
  FacebookFake,
  FakeMastodonServer,
  FakePinterestServer,
  FakeTikTokServer,
  FakeYouTubeServer,
  InstagramFake,
  LinkedInFake,
  ThreadsFake,
  TwitterFake,
} from '@test/support/fakes';

/** The fakes of every platform that connects through an authorization page, and the app's environment pointing at them. */
export class OAuthFakes {
  readonly x = new TwitterFake();
  readonly linkedin = new LinkedInFake();
  readonly facebook = new FacebookFake();
  readonly instagram = new InstagramFake();
  readonly threads = new ThreadsFake();
  readonly tiktok = new FakeTikTokServer();
  readonly youtube = new FakeYouTubeServer();
  readonly pinterest = new FakePinterestServer();
  readonly mastodon = new FakeMastodonServer();
  readonly all = [this.x, this.linkedin, this.facebook, this.instagram, this.threads, this.tiktok, this.youtube, this.pinterest, this.mastodon];

  async start(): Promise<void> {
    await Promise.all(this.all.map((f) => f.start()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((f) => f.stop()));
  }

  /** API, client and OAuth endpoints of each started fake (the Mastodon fake listens on 127.0.0.1: private instances allowed). */
  env(): Record<string, string> {
    const { x, linkedin, facebook, instagram, threads, tiktok, youtube, pinterest } = this;
    return {
      ...oauthEnv('TWITTER', x, x.baseUrl, `${x.baseUrl}/2/oauth2/token`),
      ...oauthEnv('LINKEDIN', linkedin, linkedin.baseUrl, `${linkedin.baseUrl}/oauth/v2/accessToken`),
      ...oauthEnv('FACEBOOK', facebook, `${facebook.baseUrl}/v21.0`, facebook.oauth.tokenUrl),
      ...oauthEnv('INSTAGRAM', instagram, `${instagram.baseUrl}/v21.0`, instagram.oauth.tokenUrl),
      ...oauthEnv('THREADS', threads, `${threads.baseUrl}/v1.0`, threads.oauth.tokenUrl),
      ...oauthEnv('TIKTOK', tiktok, tiktok.baseUrl, `${tiktok.baseUrl}/v2/oauth/token/`),
      ...oauthEnv('YOUTUBE', youtube, youtube.baseUrl, `${youtube.baseUrl}/token`),
      GOOGLE_OAUTH_URL: youtube.baseUrl,
      ...oauthEnv('PINTEREST', pinterest, pinterest.baseUrl, `${pinterest.baseUrl}/v5/oauth/token`),
      CONNECT_ALLOW_PRIVATE_INSTANCES: 'true',
    };
  }
}

function oauthEnv(name: string, fake: { oauth: FakeOAuth }, apiUrl: string, tokenUrl: string): Record<string, string> {
  return {
    [`${name}_API_URL`]: apiUrl,
    [`${name}_CLIENT_ID`]: fake.oauth.options.clientId,
    [`${name}_CLIENT_SECRET`]: fake.oauth.options.clientSecret,
    [`${name}_AUTHORIZE_URL`]: fake.oauth.authorizeUrl,
    [`${name}_TOKEN_URL`]: tokenUrl,
  };
}
