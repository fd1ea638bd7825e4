import { graphql } from '../../gql';

export const PostsPageDocument = graphql(`
  query PostsPage($filter: PostsFilter, $page: Int, $limit: Int) {
    posts(filter: $filter, page: $page, limit: $limit) {
      totalItems
      totalPages
      page
      items {
        id
        content
        status
        scheduledTime
        createdAt
        platforms
        approval {
          state
          comment
        }
      }
    }
  }
`);

// The calendar's month in one page: few fields, so a hundred posts stay within the query cost limit.
export const CalendarPostsDocument = graphql(`
  query CalendarPosts($filter: PostsFilter) {
    posts(filter: $filter, page: 1, limit: 100) {
      items {
        id
        content
        status
        scheduledTime
        fromQueue
      }
    }
  }
`);

/** The accounts whose free queue slots the week calendar shows. */
export const CalendarConnectionsDocument = graphql(`
  query CalendarConnections {
    connections {
      id
      platform
      platformId
      username
      displayName
    }
  }
`);

export const CalendarFreeSlotsDocument = graphql(`
  query CalendarFreeSlots($platformIds: [String!]!) {
    nextQueueSlots(platformIds: $platformIds, count: 20)
  }
`);

export const PostDetailDocument = graphql(`
  query PostDetail($id: ID!) {
    post(id: $id) {
      id
      content
      status
      processingStatus
      scheduledTime
      createdAt
      firstComment
      approval {
        state
        comment
        requestedByEmail
        scheduledTime
        queue
        decidedByEmail
        decidedAt
      }
      media {
        id
      }
      platformPosts {
        id
        platform
        platformId
        status
        attemptCount
        publishedUrl
        error {
          code
          message
          retryable
        }
        errorCategory
        errorHint
        canUnpublish
        unpublishedAt
        unpublishError {
          message
          hint
        }
        content
        contentOverridden
        firstComment {
          content
          status
          publishedUrl
          error {
            code
            message
            hint
          }
        }
      }
      logs {
        id
        event
        platform
        error
        createdAt
      }
    }
  }
`);

export const ReschedulePostDocument = graphql(`
  mutation ReschedulePost($id: ID!, $input: UpdatePostInput!) {
    updatePost(id: $id, input: $input) {
      id
      status
      scheduledTime
    }
  }
`);

/** The accounts' names for the text edit's "Text for <account> (<Platform>)" fields. */
export const EditTextsAccountsDocument = graphql(`
  query EditTextsAccounts {
    connections {
      id
      platform
      platformId
      username
      displayName
    }
  }
`);

/** The text edit: only the changed texts (content, contentOverrides, firstComment) are in `input`. */
export const EditPostTextsDocument = graphql(`
  mutation EditPostTexts($id: ID!, $input: UpdatePostInput!) {
    updatePost(id: $id, input: $input) {
      id
      status
      content
      firstComment
    }
  }
`);

export const RetryPostDocument = graphql(`
  mutation RetryPost($id: ID!, $platformIds: [String!], $force: Boolean) {
    retryPost(id: $id, platformIds: $platformIds, force: $force) {
      postGroupId
      warning
      retried {
        platformId
        forced
      }
    }
  }
`);

export const UnpublishPostDocument = graphql(`
  mutation UnpublishPost($id: ID!, $platformIds: [String!]) {
    unpublishPost(id: $id, platformIds: $platformIds) {
      postGroupId
      results {
        platformId
        status
        error {
          message
          hint
        }
      }
    }
  }
`);

export const DeletePostDocument = graphql(`
  mutation DeletePost($id: ID!) {
    deletePost(id: $id)
  }
`);

/** The platforms the filter offers: every platform the service has (plugins' included). */
export const FilterPlatformsDocument = graphql(`
  query FilterPlatforms {
    connectablePlatforms {
      platform
    }
  }
`);
