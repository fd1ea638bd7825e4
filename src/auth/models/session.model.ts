import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';

/** A signed-in dashboard session of the user (never its token). */
@ObjectType('Session')
export class SessionModel {
  @Field(() => ID) id: string;
  @Field(() => GraphQLISODateTime, { description: 'Sign-in time' }) createdAt: Date;
  @Field(() => GraphQLISODateTime) expiresAt: Date;
  @Field({ description: 'The session making this request' }) current: boolean;
}
