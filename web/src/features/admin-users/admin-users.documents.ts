import { graphql } from '../../gql';

export const AdminUsersDocument = graphql(`
  query AdminUsers($page: Int, $limit: Int, $search: String, $plan: String) {
    adminUsers(page: $page, limit: $limit, search: $search, plan: $plan) {
      page
      limit
      total
      items {
        id
        email
        plan
        isAdmin
        parentUserId
        workspacesEnabled
        apiAccess
        mcpAccess
        apiAccessOverride
        mcpAccessOverride
        seats
        createdAt
      }
    }
  }
`);

export const AdminCreateUserDocument = graphql(`
  mutation AdminCreateUser($input: AdminCreateUserInput!) {
    adminCreateUser(input: $input) {
      id
      email
    }
  }
`);

export const AdminUpdateUserDocument = graphql(`
  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {
    adminUpdateUser(id: $id, input: $input) {
      id
      email
      plan
      isAdmin
      workspacesEnabled
      apiAccess
      mcpAccess
      apiAccessOverride
      mcpAccessOverride
      seats
    }
  }
`);
