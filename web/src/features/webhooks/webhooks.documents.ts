import { graphql } from '../../gql';

export const WebhooksDocument = graphql(`
  query Webhooks {
    webhooks {
      id
      name
      url
      events
      isActive
      failureCount
      lastTriggeredAt
    }
  }
`);

export const CreateWebhookDocument = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      id
      name
      secret
    }
  }
`);

export const UpdateWebhookDocument = graphql(`
  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
    updateWebhook(id: $id, input: $input) {
      id
      name
      url
      events
      isActive
      failureCount
    }
  }
`);

export const DeleteWebhookDocument = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

export const RegenerateSecretDocument = graphql(`
  mutation RegenerateWebhookSecret($id: ID!) {
    regenerateWebhookSecret(id: $id) {
      id
      secret
    }
  }
`);

export const DeliveriesDocument = graphql(`
  query WebhookDeliveries($webhookId: ID!, $page: Int) {
    webhookDeliveries(webhookId: $webhookId, page: $page, limit: 10) {
      totalItems
      totalPages
      page
      items {
        id
        event
        status
        attemptCount
        lastStatusCode
        lastError
        createdAt
        deliveredAt
      }
    }
  }
`);

export const SendTestDocument = graphql(`
  mutation SendTestWebhook($id: ID!) {
    sendTestWebhook(id: $id) {
      id
      status
    }
  }
`);

export const RedeliverDocument = graphql(`
  mutation RedeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      status
    }
  }
`);
