// The image pipeline's public surface: the build imports from here only.
export { checkImages, type ImageCheckResult } from './check-images.ts';
export { createImagePipeline, type ImagePipeline, type ImagePipelineOptions, type VariantObject } from './image-pipeline.ts';
export { ImageSourceError, UnusableImagesError } from './image-source-error.ts';
export type { ImageFormat, ImagePreset } from './image-presets.ts';
export { pictureSources, type PictureData } from './picture-sources.ts';
export type { ImageVariantFile, PreparedImage } from './prepared-image.ts';
export { FileLinker } from './file-linker.ts';
