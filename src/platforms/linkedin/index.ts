export { LinkedInAdapter } from './linkedin.adapter';
export { LinkedInSocial } from './linkedin.social';
