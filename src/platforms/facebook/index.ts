export { FacebookAdapter } from './facebook.adapter';
