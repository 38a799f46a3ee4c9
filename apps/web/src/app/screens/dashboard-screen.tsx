import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { FailureBox } from '../../features/failures/components/failure-box';
import { TransactionsSection } from '../../features/transactions/components/transactions-section';

/** The dashboard composed with the sections of other features; features never import each other. */
export function DashboardScreen() {
  return <DashboardPage transactions={<TransactionsSection />} failures={<FailureBox />} />;
}
