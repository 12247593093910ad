import { PUNCHOUT_OPERATIONS, type PunchoutOperation } from '#contracts/punchout';
import type { Db } from '../db/client.ts';
import { authenticateCxml } from './cxml-credentials.ts';
import { attr, badCxml, child, children, CxmlError, cxmlResponse, escapeXml, text, textAt, type CxmlNode } from './cxml-document.ts';
import { BuyerRefused, isEmail, punchoutBuyer, type NamedBuyer } from './punchout-buyer.ts';
import { isReturnUrl, openPunchout, variantsOfParts } from './punchout-session.service.ts';

const forbiddenCxml = (message: string) => new CxmlError(403, 'Forbidden', message);

/** The person the request names: the Contact's Email, else the UserEmail extrinsic (Coupa, Ariba), with a name if given. */
function namedBuyer(root: CxmlNode, setup: CxmlNode): NamedBuyer {
  const extrinsics = new Map(children(setup, 'Extrinsic').map((extrinsic) => [attr(extrinsic, 'name').toLowerCase(), text(extrinsic)]));
  const contact = child(setup, 'Contact');
  const email = textAt(contact, 'Email') || extrinsics.get('useremail') || '';
  if (!email) throw badCxml('Name the buyer: a Contact with an Email, or a UserEmail extrinsic.');
  if (!isEmail(email)) throw badCxml('The buyer\'s email address is not valid.');
  const [first = '', ...rest] = textAt(contact, 'Name').split(/\s+/);
  const language = attr(root, 'xml:lang').slice(0, 2).toLowerCase();
  return {
    email,
    language: language === 'ur' || language === 'ar' || language === 'en' ? language : undefined,
    firstName: extrinsics.get('firstname') || first,
    lastName: extrinsics.get('lastname') || rest.join(' '),
  };
}

/** The ItemOut lines an edit or inspect sends back: our variant id as SupplierPartAuxiliaryID, else the catalogue number. */
const partsOf = (setup: CxmlNode) => children(setup, 'ItemOut').map((item) => ({
  quantity: Number(attr(item, 'quantity')),
  partId: textAt(item, 'ItemID', 'SupplierPartID'),
  auxiliaryId: textAt(item, 'ItemID', 'SupplierPartAuxiliaryID'),
}));

/**
 * POST /punchout/cxml/setup: a PunchOutSetupRequest (create, edit or inspect) from an organisation's procurement
 * system, answered with a PunchOutSetupResponse whose StartPage signs the buyer in, once, within minutes.
 */
export function cxmlSetup(db: Db, publicUrl: string) {
  const host = new URL(publicUrl).hostname;
  return async (root: CxmlNode): Promise<string> => {
    const setup = child(child(root, 'Request'), 'PunchOutSetupRequest');
    if (!setup) throw badCxml('Send a PunchOutSetupRequest.');
    const identity = await authenticateCxml(db, root);
    const operation = (attr(setup, 'operation') || 'create') as PunchoutOperation;
    if (!PUNCHOUT_OPERATIONS.includes(operation)) throw badCxml('The operation must be create, edit or inspect.');
    const returnUrl = textAt(setup, 'BrowserFormPost', 'URL');
    if (!isReturnUrl(returnUrl)) throw badCxml('BrowserFormPost needs an http or https URL.');
    const named = namedBuyer(root, setup);
    let buyer;
    try {
      buyer = await punchoutBuyer(db, identity.organisationId, named);
    } catch (error) {
      if (error instanceof BuyerRefused) throw forbiddenCxml(error.message);
      throw error;
    }
    const items = operation === 'create' ? [] : await variantsOfParts(db, partsOf(setup));
    const startUrl = await openPunchout(db, publicUrl, {
      organisationId: identity.organisationId, userId: buyer.id, protocol: 'cxml', operation,
      buyerCookie: textAt(setup, 'BuyerCookie').slice(0, 500), returnUrl, items,
    });
    return cxmlResponse(host, { code: 200, text: 'OK' },
      `<PunchOutSetupResponse><StartPage><URL>${escapeXml(startUrl)}</URL></StartPage></PunchOutSetupResponse>`);
  };
}
