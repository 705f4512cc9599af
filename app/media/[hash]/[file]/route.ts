import { mediaFileResponse } from '@/lib/http/media-response';

type Params = Promise<{ hash: string; file: string }>;

/** A processed image of the media library: /media/{hash}/{width}.{format}. */
export async function GET(request: Request, { params }: { params: Params }): Promise<Response> {
  const { hash, file } = await params;
  return mediaFileResponse(request, hash, file);
}
