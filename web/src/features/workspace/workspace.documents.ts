import { graphql } from '../../gql';

export const WorkspaceUsersDocument = graphql(`
  query WorkspaceUsers {
    workspaceUsers {
      id
      username
      displayName
      connectionsPageUrl
      connectionsPageTokenExpiresAt
    }
  }
`);

export const CreateWorkspaceUserDocument = graphql(`
  mutation CreateWorkspaceUser($input: CreateManagedUserInput!) {
    createWorkspaceUser(input: $input) {
      id
      username
    }
  }
`);

export const ConnectionLinkDocument = graphql(`
  mutation CreateWorkspaceConnectionLink($userId: ID!, $input: ConnectionLinkInput) {
    createWorkspaceConnectionLink(userId: $userId, input: $input) {
      url
      tokenExpiresAt
    }
  }
`);

export const WorkspaceApiKeyDocument = graphql(`
  mutation CreateWorkspaceUserApiKey($userId: ID!) {
    createWorkspaceUserApiKey(userId: $userId) {
      apiKey
    }
  }
`);

export const DetachDocument = graphql(`
  mutation DetachWorkspaceUser($userId: ID!) {
    detachWorkspaceUser(userId: $userId)
  }
`);
