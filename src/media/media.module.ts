import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AppConfig } from '../config/app-config.service';
import { PostsModule } from '../posts/posts.module';
import { MediaCleanupService } from './media-cleanup.service';
import { MediaDashboardController } from './media-dashboard.controller';
import { MediaHttpRoutes } from './media-http.routes';
import { MediaRecordsRepository } from './media-records.repository';
import { MediaSettings } from './media-settings';
import { MediaSweeper } from './media-sweeper';
import { MediaUploadsService } from './media-uploads.service';
import { MediaController } from './media.controller';
import { MediaPublishingService } from './media-publishing.service';
import { MediaService } from './media.service';
import { MediaUrlImportService } from './media-url-import.service';
import { VideoProcessingService } from './video-processing.service';
import { MediaResolver } from './media.resolver';
import { MediaRecord, MediaRecordSchema } from './schemas/media-record.schema';
import { LocalStorageDriver } from './storage/local-storage.driver';
import { asStorageDriver } from './storage/app-served-storage';
import { CUSTOM_STORAGE_DRIVER, STORAGE_DRIVER, type CustomStorageDriver, type StorageDriver } from './storage/storage-driver';

/**
 * Media records, storage (local disk or S3-compatible, STORAGE_DRIVER), upload URLs, video
 * processing and housekeeping. Exports MediaService (posts: mediaUrls), MediaPublishingService
 * (publishing: media items) and MediaUrlImportService (bulk import: media by URL).
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: MediaRecord.name, schema: MediaRecordSchema }]), PostsModule],
  controllers: [MediaController, MediaDashboardController],
  providers: [
    MediaSettings,
    {
      provide: STORAGE_DRIVER,
      inject: [AppConfig, MediaSettings, CUSTOM_STORAGE_DRIVER],
      useFactory: async (config: AppConfig, settings: MediaSettings, custom: CustomStorageDriver | null): Promise<StorageDriver> => {
        if (custom) return asStorageDriver(custom, { publicBaseUrl: () => settings.publicBaseUrl(), signingKey: settings.signingKey });
        const env = config.env;
        if (env.STORAGE_DRIVER === 's3') {
          // The AWS SDK is loaded only for this driver (7 MB of heap, ~0.3 s of start-up).
          const { S3StorageDriver } = await import('./storage/s3-storage.driver');
          return new S3StorageDriver({
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            publicBaseUrl: env.S3_PUBLIC_BASE_URL,
          });
        }
        return new LocalStorageDriver(settings.localRoot, () => settings.publicBaseUrl(), settings.signingKey);
      },
    },
    MediaRecordsRepository,
    MediaService,
    MediaPublishingService,
    VideoProcessingService,
    MediaUploadsService,
    MediaHttpRoutes,
    MediaCleanupService,
    MediaSweeper,
    MediaResolver,
    MediaUrlImportService,
  ],
  exports: [MediaService, MediaPublishingService, MediaUrlImportService],
})
export class MediaModule {}
