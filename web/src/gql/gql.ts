/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminUsers($page: Int, $limit: Int) {\n    adminUsers(page: $page, limit: $limit) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        seats\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n": typeof types.AdminCreateUserDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n": typeof types.AdminUpdateUserDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.RenameApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n": typeof types.MeDocument,
};
const documents: Documents = {
    "\n  query AdminUsers($page: Int, $limit: Int) {\n    adminUsers(page: $page, limit: $limit) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        seats\n        createdAt\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n": types.AdminCreateUserDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n": types.AdminUpdateUserDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.RenameApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": types.RevokeApiKeyDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n": types.MeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($page: Int, $limit: Int) {\n    adminUsers(page: $page, limit: $limit) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        seats\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($page: Int, $limit: Int) {\n    adminUsers(page: $page, limit: $limit) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        seats\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;