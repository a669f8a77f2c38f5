import { buildTemplate } from './template-db';

export default async function setup(): Promise<void> {
  await buildTemplate();
}
