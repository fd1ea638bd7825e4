export { InstagramAdapter } from './instagram.adapter';
