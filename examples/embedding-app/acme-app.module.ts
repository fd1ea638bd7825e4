import { Module } from '@nestjs/common';
import { AppModule } from 'social-post-scheduler';
import { AcmeSettings, AcmeSettingsModule } from './acme-settings';
import { PostSummaryModule } from './post-summary.controller';

/** An application of its own that imports the scheduling service beside its modules. */
@Module({
  imports: [
    AcmeSettingsModule,
    AppModule.forRootAsync({
      imports: [AcmeSettingsModule],
      inject: [AcmeSettings],
      useFactory: (settings: AcmeSettings) => settings.serviceOptions(),
    }),
    PostSummaryModule,
  ],
})
export class AcmeAppModule {}
