import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('ConnectField', { description: 'A value the person types before connecting' })
export class ConnectFieldModel {
  @Field({ description: 'The ConnectCredentialsInput (or StartConnectionInput) field it fills' }) name: string;
  @Field() label: string;
  @Field({ description: 'text | password | url' }) type: string;
  @Field() required: boolean;
  @Field(() => String, { nullable: true }) placeholder?: string | null;
}

@ObjectType('ConnectablePlatform')
export class ConnectablePlatformModel {
  @Field() platform: string;
  @Field({ description: 'oauth | credentials' }) method: string;
  @Field(() => [String], {
    description: 'Other sign-ins startConnection accepts in `via` (configured ones): ["facebook"] for Instagram business accounts linked to a Facebook Page',
  })
  via: string[];
  @Field() configured: boolean;
  @Field() label: string;
  @Field(() => [ConnectFieldModel], { description: 'What the person types before connecting (empty for a plain OAuth sign-in)' })
  fields: ConnectFieldModel[];
}

@ObjectType('ConnectionStart')
export class ConnectionStartModel {
  @Field() authorizeUrl: string;
  @Field(() => GraphQLISODateTime) expiresAt: Date;
}

@ObjectType('PendingConnectionAccount')
export class PendingConnectionAccountModel {
  @Field() externalId: string;
  @Field() username: string;
  @Field(() => String, { nullable: true }) displayName: string | null;
  @Field(() => String, { nullable: true }) profileImageUrl: string | null;
  @Field({ description: 'profile | page | organization | channel | business_account' }) kind: string;
}

@ObjectType('PendingConnection')
export class PendingConnectionModel {
  @Field(() => ID) id: string;
  @Field() platform: string;
  @Field(() => [PendingConnectionAccountModel]) accounts: PendingConnectionAccountModel[];
  @Field(() => GraphQLISODateTime) expiresAt: Date;
}

@ObjectType('ConnectOutcome', { description: 'How a connection attempt ended, as the page it returned to may show it' })
export class ConnectOutcomeModel {
  @Field({ description: 'True when accounts were connected (message: their platform ids)' }) connected: boolean;
  @Field({ description: "The outcome in words: the service's own when signed for you, else the fixed text of the error code" }) message: string;
}
