import { graphql } from '../../gql';

export const ConnectionsPageDocument = graphql(`
  query ConnectionsPage {
    connections {
      id
      platform
      platformId
      username
      displayName
      tokenStatus
      tokenExpiresIn
      lastSuccessfulPost
      lastError {
        message
        occurredAt
      }
      health
      healthReason
      reauthRequiredAt
      missingPermission
      instanceUrl
      type
    }
    connectablePlatforms {
      platform
      method
      configured
      label
      via
      fields {
        name
        label
        type
        required
        placeholder
      }
    }
  }
`);

export const ConnectOutcomeDocument = graphql(`
  query ConnectOutcome($connected: String, $error: String, $message: String, $sig: String) {
    connectOutcome(connected: $connected, error: $error, message: $message, sig: $sig) {
      connected
      message
    }
  }
`);

export const StartConnectionDocument = graphql(`
  mutation StartConnection($input: StartConnectionInput!) {
    startConnection(input: $input) {
      authorizeUrl
    }
  }
`);

export const ConnectWithCredentialsDocument = graphql(`
  mutation ConnectWithCredentials($input: ConnectCredentialsInput!) {
    connectWithCredentials(input: $input) {
      platformId
    }
  }
`);

export const PendingConnectionDocument = graphql(`
  query PendingConnection($id: ID!) {
    pendingConnection(id: $id) {
      id
      platform
      accounts {
        externalId
        username
        displayName
        kind
      }
    }
  }
`);

export const CompleteConnectionDocument = graphql(`
  mutation CompleteConnection($id: ID!, $externalIds: [String!]!) {
    completeConnection(id: $id, externalIds: $externalIds) {
      platformId
    }
  }
`);

export const TestConnectionDocument = graphql(`
  mutation TestConnection($platformId: String!) {
    testConnection(platformId: $platformId) {
      status
      message
    }
  }
`);

export const DisconnectDocument = graphql(`
  mutation DisconnectConnection($platformId: String!) {
    disconnectConnection(platformId: $platformId)
  }
`);
