import { contentSnapshot } from './snapshot';

/** The build_stamp of the content this instance serves now (ETag of every content response). */
export async function currentBuildStamp(): Promise<string> {
  return (await contentSnapshot()).buildStamp;
}
