import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { AppModule } from './app.module';
import { registerApiKeyCheck, registerHostCheck } from './common/request-guards';
import type { AppConfig } from './config/app-config';
import { registerJsonBodyParser } from './ingestion/body-decoder';
import { registerIntakeAdmission } from './ingestion/intake-admission';
import { IntakeService } from './ingestion/intake.service';
import { LiveIoAdapter } from './live/live-io.adapter';
import { APP_VERSION } from './version';
import { registerDashboard } from './web/dashboard';

/** Builds the whole service on one Fastify instance: API, Swagger, dashboard, SDK bundle. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: 50 * 1024 * 1024, forceCloseConnections: false });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bodyParser: false,
    logger: process.env.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Socket.IO on the same HTTP server; it answers /socket.io before Fastify, with its own checks.
  app.useWebSocketAdapter(new LiveIoAdapter(app, config));

  // Order matters: the Host check answers before CORS or anything else sees the request.
  registerHostCheck(fastify, config);
  app.enableCors({
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposedHeaders: ['Retry-After', 'WWW-Authenticate', 'Content-Disposition'],
    maxAge: 86_400,
  });
  registerApiKeyCheck(fastify, config);
  registerIntakeAdmission(fastify, app.get(IntakeService));
  registerJsonBodyParser(fastify);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Logdesk')
      .setDescription('Local-first log console: ingestion (POST /logs) and the read API. Errors: { statusCode, error, message, details? }.')
      .setVersion(APP_VERSION)
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/openapi.json' });
  await registerDashboard(fastify, config);

  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  return app;
}
