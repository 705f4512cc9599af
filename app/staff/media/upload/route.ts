import { handleMediaUpload } from '@/lib/staff-web/media-upload';

export const POST = handleMediaUpload;
