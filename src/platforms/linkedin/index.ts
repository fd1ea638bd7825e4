export { LinkedInAdapter } from './linkedin.adapter';
