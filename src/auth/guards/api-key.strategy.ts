import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import { ApiKeyAuthService } from '../api-key-auth.service';
import { setRequestContext } from '../request-context';
import { PASSPORT, type Authenticator } from './passport';

/** The passport strategy `api-key` of this app's passport: headers → request context (see ApiKeyAuthService). */
@Injectable()
export class ApiKeyStrategy extends Strategy {
  constructor(auth: ApiKeyAuthService, @Inject(PASSPORT) passport: Authenticator) {
    super((request, done) => {
      const req = request as unknown as FastifyRequest;
      auth.authenticate(req.headers).then((context) => {
        setRequestContext(req, context);
        done(null, context);
      }, done);
    });
    passport.use('api-key', this);
  }
}
