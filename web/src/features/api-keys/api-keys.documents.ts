import { graphql } from '../../gql';

export const ApiKeysDocument = graphql(`
  query ApiKeys {
    apiKeys {
      id
      name
      keyPrefix
      createdAt
      lastUsedAt
    }
  }
`);

export const CreateApiKeyDocument = graphql(`
  mutation CreateApiKey($name: String) {
    createApiKey(name: $name) {
      id
      name
      keyPrefix
      rawKey
    }
  }
`);

export const RenameApiKeyDocument = graphql(`
  mutation RenameApiKey($id: ID!, $name: String!) {
    renameApiKey(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const RevokeApiKeyDocument = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id)
  }
`);
