import { PASS_THROUGH_DEFAULTS } from './rules/pass-through.js';
import { SHARED_ADDRESS_DEFAULTS } from './rules/shared-address.js';
import { SHARED_DEVICE_DEFAULTS } from './rules/shared-device.js';
import { STRUCTURING_DEFAULTS } from './rules/structuring.js';
import { VOLUME_SPIKE_DEFAULTS } from './rules/volume-spike.js';

/** Every rule's thresholds in one place (the rules' own defaults; not yet read from the environment). */
export const AML_SETTINGS = {
  passThrough: PASS_THROUGH_DEFAULTS,
  structuring: STRUCTURING_DEFAULTS,
  sharedAddress: SHARED_ADDRESS_DEFAULTS,
  sharedDevice: SHARED_DEVICE_DEFAULTS,
  volumeSpike: VOLUME_SPIKE_DEFAULTS,
} as const;
