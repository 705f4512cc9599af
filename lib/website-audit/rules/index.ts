import type { AuditRule } from '../finding';
import { checkCanonical } from './canonical';
import { checkCompetingCallsToAction } from './competing-ctas';
import { checkFormFriction } from './form-friction';
import { checkGuarantee } from './guarantee';
import { checkHeadline } from './headline';
import { checkHttps } from './https';
import { checkImageAlt } from './image-alt';
import { checkLanguage } from './language';
import { checkMetaDescription } from './meta-description';
import { checkOpenGraph } from './open-graph';
import { checkPageWeight } from './page-weight';
import { checkPriceOrNextStep } from './price-or-next-step';
import { checkPrimaryCallToAction } from './primary-cta';
import { checkPromise } from './promise';
import { checkProof } from './proof';
import { checkRedirects } from './redirects';
import { checkResponseTime } from './response-time';
import { checkStructuredData } from './structured-data';
import { checkTitle } from './title';
import { checkViewport } from './viewport';

/** Every rule of the website offer audit: the offer first, then the basics (findings of equal severity keep this order). */
export const AUDIT_RULES: readonly AuditRule[] = [
  checkPrimaryCallToAction,
  checkCompetingCallsToAction,
  checkPromise,
  checkPriceOrNextStep,
  checkGuarantee,
  checkProof,
  checkFormFriction,
  checkHttps,
  checkHeadline,
  checkTitle,
  checkMetaDescription,
  checkViewport,
  checkCanonical,
  checkLanguage,
  checkOpenGraph,
  checkStructuredData,
  checkImageAlt,
  checkPageWeight,
  checkResponseTime,
  checkRedirects,
];
