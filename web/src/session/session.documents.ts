import { graphql } from '../gql';

/** Who is signed in, and what the account may do. */
export const MeQuery = graphql(`
  query Me {
    me {
      id
      email
      plan
      isAdmin
      parentUserId
      workspacesEnabled
      apiAccess
      mcpAccess
      seats
    }
  }
`);
