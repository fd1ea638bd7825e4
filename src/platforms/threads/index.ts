export { ThreadsAdapter } from './threads.adapter';
