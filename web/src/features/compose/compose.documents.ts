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
    }
  }
`);
