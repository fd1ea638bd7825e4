import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PlatformsModule } from '../platforms/platforms.module';
import { LimitEmailsRepository } from './limit-emails.repository';
import { LimitMailer } from './limit-mailer';
import { LimitsService } from './limits.service';
import { LimitEmail, LimitEmailSchema } from './schemas/limit-email.schema';

/** Plan limits, spacing and the limit-reached e-mail. UsersService comes from the global AuthModule, the platforms there are from PlatformsModule. */
@Module({
  imports: [MongooseModule.forFeature([{ name: LimitEmail.name, schema: LimitEmailSchema }]), PlatformsModule],
  providers: [LimitsService, LimitEmailsRepository, LimitMailer],
  exports: [LimitsService],
})
export class LimitsModule {}
