/**
 * The Node label that names the GPU model behind each GPU resource, as the
 * vendors' feature discovery sets it (NVIDIA GPU Feature Discovery:
 * `nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB`; AMD's device plugin node
 * labeller: `amd.com/gpu.product-name`; Intel's GPU plugin:
 * `gpu.intel.com/product`).
 */
export const GPU_PRODUCT_LABELS: Readonly<Record<string, string>> = {
  'nvidia.com/gpu': 'nvidia.com/gpu.product',
  'amd.com/gpu': 'amd.com/gpu.product-name',
  'gpu.intel.com/i915': 'gpu.intel.com/product',
};

/** A GPU resource no label names, or a Node without the label. */
export const UNKNOWN_GPU_MODEL = 'unknown';

/** True for the GPU resources placement advice counts per model. */
export function isGpuResource(name: string): boolean {
  return name in GPU_PRODUCT_LABELS || /(^|\.)gpu$|\/gpu$/.test(name);
}

/** The model of `resource` on a Node with these labels. */
export function gpuModelOf(
  resource: string,
  labels: Record<string, string> | undefined,
): string {
  const label = GPU_PRODUCT_LABELS[resource];
  const value = label ? labels?.[label]?.trim() : undefined;
  return value ? value.slice(0, 253) : UNKNOWN_GPU_MODEL;
}
