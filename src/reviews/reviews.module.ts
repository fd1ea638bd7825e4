import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PostsModule } from '../posts/posts.module';
import { TeamsModule } from '../teams/teams.module';
import { ReviewLinksRepository } from './review-links.repository';
import { ReviewPageController } from './reviews.controller';
import { ReviewsResolver } from './reviews.resolver';
import { ReviewsService } from './reviews.service';
import { ReviewLink, ReviewLinkSchema } from './schemas/review-link.schema';

/** Review links: a post's preview for someone outside the team, who approves or comments without an account. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ReviewLink.name, schema: ReviewLinkSchema }]), PostsModule, TeamsModule],
  controllers: [ReviewPageController],
  providers: [ReviewLinksRepository, ReviewsService, ReviewsResolver],
})
export class ReviewsModule {}
