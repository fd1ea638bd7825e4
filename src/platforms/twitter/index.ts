export { TwitterAdapter } from './twitter.adapter';
