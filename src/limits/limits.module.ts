import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LimitEmailsRepository } from './limit-emails.repository';
import { LimitMailer } from './limit-mailer';
import { LimitsService } from './limits.service';
import { LimitEmail, LimitEmailSchema } from './schemas/limit-email.schema';

/** Plan limits, spacing and the limit-reached e-mail. UsersService comes from the global AuthModule. */
@Module({
  imports: [MongooseModule.forFeature([{ name: LimitEmail.name, schema: LimitEmailSchema }])],
  providers: [LimitsService, LimitEmailsRepository, LimitMailer],
  exports: [LimitsService],
})
export class LimitsModule {}
