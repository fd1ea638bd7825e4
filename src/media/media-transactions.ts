import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ClientSession, Connection } from 'mongoose';

/** One unit of work in a multi-document transaction (retried by the driver: keep it re-runnable). */
@Injectable()
export class MediaTransactions {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  run<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    return this.connection.transaction(work);
  }
}
