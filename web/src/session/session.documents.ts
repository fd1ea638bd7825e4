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

/** The person signed in, the account they act in, their role there, and every account they may switch to. */
export const TeamContextQuery = graphql(`
  query TeamContext {
    teamContext {
      personId
      personEmail
      accountId
      accountEmail
      role
      accounts {
        accountId
        email
        displayName
        role
        current
      }
    }
  }
`);

export const SwitchAccountMutation = graphql(`
  mutation SwitchAccount($accountId: ID!) {
    switchAccount(accountId: $accountId) {
      accountId
      current
    }
  }
`);
