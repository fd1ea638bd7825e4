import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { LifecycleEvents } from './lifecycle-events';

/** Post and connection events for an embedding app's observers (docs/extending.md). Global: posts and connections emit. */
@Global()
@Module({ imports: [EventEmitterModule.forRoot()], providers: [LifecycleEvents], exports: [LifecycleEvents] })
export class LifecycleModule {}
