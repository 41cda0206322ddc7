import { runService } from '@tracemap/service-kit';
import { service } from './app';

void runService(service);
