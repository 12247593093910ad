import type { DrawInstrument } from './drawing.ts';
import { drawAutoclave, drawEcgMachine, drawMicroscope, drawPatientMonitor, drawSterilizationTray } from './drawings/equipment.ts';
import {
  drawBloodPressureMonitor, drawLaryngoscope, drawOphthalmoscope, drawOtoscope, drawPulseOximeter, drawStethoscope, drawThermometer,
} from './drawings/diagnostic.ts';
import {
  drawCurette, drawDentalExplorer, drawDentalMirror, drawElevator, drawForceps, drawHook, drawOsteotome, drawProbe, drawRetractor, drawScalpel,
} from './drawings/handled.ts';
import { drawExtractionForceps, drawRongeur, drawSpeculum, drawSpeculumNasal } from './drawings/hinged.ts';
import { drawBonePlate, drawBoneSaw, drawBoneScrew, drawDrill, drawMallet } from './drawings/orthopedic.ts';
import { drawClamp, drawHemostat, drawNeedleHolder, drawScissors, drawSelfRetainingRetractor, drawTenaculum } from './drawings/ring-handled.ts';
import { drawCannula, drawCatheter, drawDilator, drawSuctionTube, drawTrocar } from './drawings/tubes.ts';
import type { InstrumentFamily } from './instrument-families.ts';

export const INSTRUMENT_DRAWINGS: Record<InstrumentFamily, DrawInstrument> = {
  scissors: drawScissors,
  forceps: drawForceps,
  'needle-holder': drawNeedleHolder,
  hemostat: drawHemostat,
  clamp: drawClamp,
  retractor: drawRetractor,
  'self-retaining-retractor': drawSelfRetainingRetractor,
  rongeur: drawRongeur,
  scalpel: drawScalpel,
  elevator: drawElevator,
  curette: drawCurette,
  probe: drawProbe,
  speculum: drawSpeculum,
  osteotome: drawOsteotome,
  mallet: drawMallet,
  'bone-saw': drawBoneSaw,
  drill: drawDrill,
  'suction-tube': drawSuctionTube,
  dilator: drawDilator,
  trocar: drawTrocar,
  tenaculum: drawTenaculum,
  hook: drawHook,
  'bone-plate': drawBonePlate,
  'bone-screw': drawBoneScrew,
  stethoscope: drawStethoscope,
  otoscope: drawOtoscope,
  ophthalmoscope: drawOphthalmoscope,
  laryngoscope: drawLaryngoscope,
  'dental-mirror': drawDentalMirror,
  'dental-explorer': drawDentalExplorer,
  'extraction-forceps': drawExtractionForceps,
  autoclave: drawAutoclave,
  'sterilization-tray': drawSterilizationTray,
  'patient-monitor': drawPatientMonitor,
  'blood-pressure-monitor': drawBloodPressureMonitor,
  'pulse-oximeter': drawPulseOximeter,
  thermometer: drawThermometer,
  'ecg-machine': drawEcgMachine,
  microscope: drawMicroscope,
  cannula: drawCannula,
  catheter: drawCatheter,
  'speculum-nasal': drawSpeculumNasal,
};
