import { amlRuleSettings, type AmlRuleSettings } from './aml-rule-settings.js';

/**
 * Anti-money-laundering settings (issue 52), read from the environment (`env.ts` passes it in):
 * the reporting entity and principal officer every suspicious-transaction report names (FIU-IND
 * registration), and the monitoring rules' thresholds. Unset values leave the STR export refused with what is missing, never filled
 * with made-up identifiers.
 */
export interface ReportingEntityConfig {
  /** FIU_RE_NAME: the exchange's legal name. */
  name: string;
  /** FIU_RE_CATEGORY: FIU-IND's code for the category of reporting entity. */
  category: string;
  /** FIU_REID: the FIU reporting entity id FINnet gave at registration. */
  fiureid: string;
  /** FIU_RE_REGISTRATION: the company's registration number (CIN). */
  registration: string;
  officer: {
    /** FIU_PO_NAME, FIU_PO_DESIGNATION, FIU_PO_ADDRESS, FIU_PO_CITY, FIU_PO_STATE (2-letter
     * code), FIU_PO_PIN, FIU_PO_EMAIL, FIU_PO_MOBILE: the principal officer (PMLA rule 7). */
    name: string;
    designation: string;
    address: string;
    city: string;
    stateCode: string;
    pinCode: string;
    email: string;
    mobile: string;
  };
}

export function amlConfig(env: NodeJS.ProcessEnv): {
  reportingEntity: ReportingEntityConfig;
  /** AML_*: each monitoring rule's thresholds (`aml-rule-settings.ts`). */
  rules: AmlRuleSettings;
} {
  const v = (name: string) => env[name]?.trim() ?? '';
  return {
    rules: amlRuleSettings(env),
    reportingEntity: {
      name: v('FIU_RE_NAME'),
      category: v('FIU_RE_CATEGORY'),
      fiureid: v('FIU_REID'),
      registration: v('FIU_RE_REGISTRATION'),
      officer: {
        name: v('FIU_PO_NAME'),
        designation: v('FIU_PO_DESIGNATION'),
        address: v('FIU_PO_ADDRESS'),
        city: v('FIU_PO_CITY'),
        stateCode: v('FIU_PO_STATE'),
        pinCode: v('FIU_PO_PIN'),
        email: v('FIU_PO_EMAIL'),
        mobile: v('FIU_PO_MOBILE'),
      },
    },
  };
}
