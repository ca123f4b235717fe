// What Académico › Cargas académicas shows of each teacher in a period
// (GET scheduler/api/schedules/loads/): the server builds it, the screen reads it.

export type TeacherLoadRow = {
  teacher_id: number;
  name: string;
  code: string;
  classes: number;
  groups: number;
  /** Weekly minutes on the timetable. */
  scheduled_minutes: number;
  /** Weekly hours the plan gives the subjects taught. */
  plan_hours: number;
  contract_hours: number | null;
  /** over: more hours scheduled than hired; under: fewer; null without a contract. */
  against_contract: 'over' | 'under' | 'even' | null;
};

/** Where a teacher's weekly minutes on the timetable stand against the hours they are hired for. */
export function againstContract(scheduledMinutes: number, contractHours: number | null): TeacherLoadRow['against_contract'] {
  if (contractHours === null) return null;
  const hired = contractHours * 60;
  return scheduledMinutes > hired ? 'over' : scheduledMinutes < hired ? 'under' : 'even';
}
