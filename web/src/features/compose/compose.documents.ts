import { graphql } from '../../gql';

export const ComposeConnectionsDocument = graphql(`
  query ComposeConnections {
    connections {
      id
      platform
      platformId
      username
      displayName
    }
  }
`);

export const CreateUploadUrlDocument = graphql(`
  mutation ComposeUploadUrl($input: CreateUploadUrlInput!) {
    createUploadUrl(input: $input) {
      uploadUrl
      mediaId
    }
  }
`);

export const ComposePostDocument = graphql(`
  mutation ComposePost($input: CreatePostInput!) {
    createPost(input: $input) {
      id
      status
      scheduledTime
      approval {
        state
      }
    }
  }
`);

// The slot "Add to queue" would take: the first free one the chosen accounts share.
export const ComposeNextSlotDocument = graphql(`
  query ComposeNextSlot($platformIds: [String!]!) {
    nextQueueSlots(platformIds: $platformIds, count: 1)
  }
`);

export const ComposeAddToQueueDocument = graphql(`
  mutation ComposeAddToQueue($input: AddToQueueInput!) {
    addToQueue(input: $input) {
      postGroupId
      scheduledTime
      awaitingApproval
    }
  }
`);
