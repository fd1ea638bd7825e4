import { graphql } from '../gql';

/** For the navigation's "Approvals" and its count (owner and admins): the ids only, so it stays cheap. */
export const ApprovalsBadgeDocument = graphql(`
  query ApprovalsBadge {
    requireApproval
    postsAwaitingApproval {
      id
    }
  }
`);
