// First: with tracing configured, it must load before the modules it instruments.
import '@tracemap/service-kit/tracing';
import { runService } from '@tracemap/service-kit';
import { service } from './app';

void runService(service);
