import { graphql } from '../../gql';

/** The accounts a row may name (their compound ids), and whether an editor's posts need approval. */
export const ImportConnectionsDocument = graphql(`
  query ImportConnections {
    connections {
      id
      platform
      platformId
      username
      displayName
    }
    requireApproval
  }
`);

/** The dry run: each row's refusal, or what it would store and validate-post's verdict per account. */
export const ValidateImportDocument = graphql(`
  mutation ValidateImport($input: BulkPostsInput!) {
    validateBulkPosts(input: $input) {
      total
      accepted
      refused
      valid
      results {
        row
        success
        valid
        httpStatus
        error
        status
        scheduledTime
        platforms {
          platformId
          platform
          ok
          problems
          warnings
        }
      }
    }
  }
`);

/** The import itself (all or nothing: a refusal is BAD_USER_INPUT with `extensions.errors` per row). */
export const ImportPostsDocument = graphql(`
  mutation ImportPosts($input: BulkPostsInput!, $idempotencyKey: String) {
    bulkCreatePosts(input: $input, idempotencyKey: $idempotencyKey) {
      total
      created
      failed
      results {
        row
        success
        postGroupId
        status
        scheduledTime
        httpStatus
        error
      }
    }
  }
`);
