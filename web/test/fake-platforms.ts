/**
 * The fake platforms the browser journeys connect to and publish on (Playwright starts this as a
 * web server beside the app): X's OAuth 2.0 authorize and token endpoints and its API, from the
 * service's own test fakes, on SPS_WEB_FAKE_PORT.
 */
import { TwitterFake } from '../../libs/testing/src/fakes/twitter.fake';

const x = new TwitterFake();
x.checkAfterSecs = 0;
void x.start(Number(process.env.SPS_WEB_FAKE_PORT)).then((url) => console.log(`fake X at ${url}`));
