import { graphql } from '../../gql';

// Few fields per post: the list costs 1 + 100 × its fields per post (urql's __typename included), and
// the service's query cost limit is 1,000, so nine fields at most (when the request was made is left out).
export const PostsAwaitingApprovalDocument = graphql(`
  query PostsAwaitingApproval {
    postsAwaitingApproval {
      id
      content
      platforms
      approval {
        requestedByEmail
        scheduledTime
        queue
      }
    }
  }
`);

export const ApprovePostDocument = graphql(`
  mutation ApprovePost($id: ID!) {
    approvePost(id: $id) {
      id
      status
      scheduledTime
      approval {
        state
      }
    }
  }
`);

export const RejectPostDocument = graphql(`
  mutation RejectPost($id: ID!, $comment: String) {
    rejectPost(id: $id, comment: $comment) {
      id
      status
      approval {
        state
        comment
      }
    }
  }
`);
