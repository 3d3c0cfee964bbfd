import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { shapeError } from './error-shape';

/** Every error a route throws leaves as the contract's error body. */
@Catch()
export class AllErrorsFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { body, headers } = shapeError(error);
    void reply.status(body.statusCode).headers(headers).send(body);
  }
}
