import { graphql } from '../../gql';

// A post's review links (docs/teams.md "Review links"), read by the post detail's own section.
// The list costs 1 + 50 × its fields (urql's __typename included): twelve here.
export const ReviewLinksDocument = graphql(`
  query ReviewLinks($postGroupId: ID!) {
    reviewLinks(postGroupId: $postGroupId) {
      id
      createdAt
      expiresAt
      revokedAt
      active
      decisions {
        at
        decision
        comment
        name
      }
    }
  }
`);

/** The URL is in this answer only: the service keeps its hash. */
export const CreateReviewLinkDocument = graphql(`
  mutation CreateReviewLink($postGroupId: ID!, $expiresInHours: Int) {
    createReviewLink(postGroupId: $postGroupId, expiresInHours: $expiresInHours) {
      url
      reviewLink {
        id
        expiresAt
      }
    }
  }
`);

export const RevokeReviewLinkDocument = graphql(`
  mutation RevokeReviewLink($id: ID!) {
    revokeReviewLink(id: $id)
  }
`);
