import { InvalidRequest } from '../../lib/errors.js';

/** The GS1 Web Vocabulary's namespace; link types are written `gs1:<name>` (a CURIE of it). */
export const GS1_VOC = 'https://gs1.org/voc/';
const OTHER_GS1_NAMESPACES = ['https://ref.gs1.org/voc/', 'http://gs1.org/voc/', 'https://www.gs1.org/voc/'];

/**
 * The GS1 link types a link may carry, with a title shown when a link has none of its own.
 * `defaultLink`, `defaultLinkMulti` and `handledBy` are not here: the default is a flag of one link,
 * and qrelay never hands a key over to another resolver.
 */
export const LINK_TYPES: Readonly<Record<string, string>> = {
  activityIdeas: 'Activity ideas',
  allergenInfo: 'Allergen information',
  appDownload: 'App download',
  brandHomepageClinical: 'Brand home page for clinicians',
  brandHomepagePatient: 'Brand home page for patients',
  careersInfo: 'Careers',
  certificationInfo: 'Certification information',
  consumerHandlingStorageInfo: 'Handling and storage',
  epcis: 'EPCIS repository',
  epil: 'Electronic patient information leaflet',
  eventsInfo: 'Events',
  faqs: 'Frequently asked questions',
  hasRetailers: 'Retailers',
  homepage: 'Home page',
  ingredientsInfo: 'Ingredients',
  instructions: 'Instructions',
  jws: 'Signed data (JWS)',
  leaveReview: 'Leave a review',
  locationInfo: 'Location information',
  logisticsInfo: 'Logistics information',
  loyaltyProgram: 'Loyalty programme',
  masterData: 'Master data',
  menuInfo: 'Menu',
  nutritionalInfo: 'Nutritional information',
  paymentLink: 'Payment',
  pip: 'Product information',
  productSustainabilityInfo: 'Product sustainability',
  promotion: 'Promotion',
  purchaseSuppliesOrAccessories: 'Supplies and accessories',
  quickStartGuide: 'Quick start guide',
  recallStatus: 'Recall status',
  recipeInfo: 'Recipes',
  registerProduct: 'Register the product',
  relatedImage: 'Image',
  relatedVideo: 'Video',
  review: 'Reviews',
  safetyInfo: 'Safety information',
  scheduleTime: 'Book a time',
  serviceInfo: 'Service information',
  smartLabel: 'SmartLabel',
  smpc: 'Summary of product characteristics',
  socialMedia: 'Social media',
  statisticInfo: 'Statistics',
  subscribe: 'Subscribe',
  support: 'Support',
  sustainabilityInfo: 'Sustainability information',
  traceability: 'Traceability',
  tutorial: 'Tutorial',
  userAgreement: 'User agreement',
  verificationService: 'Verification service',
  whatsInTheBox: "What's in the box",
};

/** `gs1:pip`, `https://gs1.org/voc/pip` or `https://ref.gs1.org/voc/pip` → `gs1:pip`; null when not a GS1 link type. */
export function normaliseLinkType(value: string): string | null {
  const text = value.trim();
  let name: string | null = null;
  if (text.startsWith('gs1:')) name = text.slice(4);
  else for (const ns of [GS1_VOC, ...OTHER_GS1_NAMESPACES]) if (text.startsWith(ns)) name = text.slice(ns.length);
  return name !== null && Object.hasOwn(LINK_TYPES, name) ? `gs1:${name}` : null;
}

/** The link type of a write, normalised, or a 400 naming the problem. */
export function validLinkType(value: string, field: string): string {
  const linkType = normaliseLinkType(value);
  if (linkType) return linkType;
  const hint = /^gs1:(defaultLink|defaultLinkMulti|handledBy)$/.test(value.trim())
    ? ' Mark one link with "default": true instead.'
    : ' Use a GS1 Web Vocabulary link type such as gs1:pip, gs1:certificationInfo, gs1:recipeInfo or gs1:instructions.';
  throw new InvalidRequest(`${field} "${value}" is not a GS1 link type qrelay knows.${hint}`, field);
}

/** `gs1:pip` → `https://gs1.org/voc/pip`, the relation type a linkset names. */
export const linkTypeUri = (linkType: string): string => GS1_VOC + linkType.slice(4);

/** The title of a link type, for a link that has none of its own. */
export const linkTypeTitle = (linkType: string): string => LINK_TYPES[linkType.slice(4)] ?? linkType;
